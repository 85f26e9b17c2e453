export const aircraftQueryKeys = {
  all: ['aircraft'] as const,
  information: () => [...aircraftQueryKeys.all, 'information'] as const,
  defaultConfiguration: (icao: string) => [...aircraftQueryKeys.all, 'default-configuration', icao] as const,
  userConfigurations: (userId: string) => [...aircraftQueryKeys.all, 'user-configurations', userId] as const,
};
