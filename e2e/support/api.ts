/** Direct API calls for set-up steps that are not what a journey tests. */
export const signUpThroughApi = async (baseUrl: string, user: { username: string; email: string; password: string }): Promise<void> => {
  const response = await fetch(`${baseUrl}/api/v1/user/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
};

export const signInThroughApi = async (
  baseUrl: string,
  username: string,
  password: string,
): Promise<{ token: string; refreshToken: string }> => {
  const response = await fetch(`${baseUrl}/api/v1/user/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { token: string; refreshToken: string };
};
