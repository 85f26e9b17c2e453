/** The airline manager's query keys: everything of one airline sits under `airline(id)`. */
export const airlineMgrKeys = {
  all: ['airline-mgr'] as const,
  mine: (userId: string) => [...airlineMgrKeys.all, 'mine', userId] as const,
  airline: (id: string) => [...airlineMgrKeys.all, id] as const,
};
