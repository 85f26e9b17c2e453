export const careerQueryKeys = {
  all: ['career'] as const,
  levels: () => [...careerQueryKeys.all, 'levels'] as const,
  licences: (onlyFree: boolean) => [...careerQueryKeys.all, 'licences', { onlyFree }] as const,
  pilotLicences: (userId: string) => [...careerQueryKeys.all, 'pilot-licences', userId] as const,
  pilotInformation: (userId: string) => [...careerQueryKeys.all, 'pilot-information', userId] as const,
  countries: (lang: string) => [...careerQueryKeys.all, 'countries', lang] as const,
};
