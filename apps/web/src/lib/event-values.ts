import type { i18n as I18n } from 'i18next';

/** Event data fields that name a flight step, shown by the step's translated name. */
const STEP_FIELDS = new Set(['step', 'previousStep', 'flightStep']);
/** Fields kept to one decimal (a load factor of 1.4 g matters); everything else is rounded. */
const ONE_DECIMAL_FIELDS = new Set(['gForce', 'distanceNm', 'distanceToArrivalNm', 'pitchDeg', 'bankDeg', 'limitDeg', 'fromRate', 'toRate']);
/** Events whose sentence depends on an on/off switch (i18next context `_on` / `_off`). */
const SWITCH_EVENTS = new Set(['SEAT_BELT_SIGN_SWITCHED', 'IFE_SWITCHED', 'DUTY_FREE_SWITCHED']);

const durationText = (i18n: I18n, totalSeconds: number): string => {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return i18n.t('eventValues:seconds', { count: seconds });
  return i18n.t('eventValues:minutesSeconds', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
};

/**
 * One flight event's data in a pilot's words ("Flaps 25 % (from 0 %) at 180 kt", "Engine 1 off, on the
 * ground"), or null when the event has no sentence or its data lacks a value the sentence needs (the
 * caller then shows the data field by field). Ratios become percentages, engine indexes (0-based in
 * the engine) become engine numbers, steps their translated names, durations minutes and seconds.
 */
export const describeEventValues = (i18n: I18n, key: string, data: Record<string, unknown> | null | undefined): string | null => {
  const raw = data ?? {};
  const number0 = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const number1 = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const values: Record<string, string> = {};
  for (const [field, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'number') values[field] = (ONE_DECIMAL_FIELDS.has(field) ? number1 : number0).format(value);
    else if (STEP_FIELDS.has(field) && typeof value === 'string') values[field] = i18n.t(`flight:steps.${value}`, { defaultValue: value });
    else if (typeof value === 'string' || typeof value === 'boolean') values[field] = String(value);
  }
  const number = (field: string): number | null => {
    const value = raw[field];
    return typeof value === 'number' ? value : null;
  };
  const fromRatio = number('fromRatio');
  const toRatio = number('toRatio');
  if (fromRatio !== null) values.fromPercent = number0.format(fromRatio * 100);
  if (toRatio !== null) values.toPercent = number0.format(toRatio * 100);
  const engineIndex = number('engineIndex');
  if (engineIndex !== null) values.engineNumber = number0.format(engineIndex + 1);
  if (typeof raw.isOnGround === 'boolean') values.where = i18n.t(raw.isOnGround ? 'eventValues:onGround' : 'eventValues:inFlight');
  const seconds = number('durationSeconds') ?? number('groundSeconds') ?? (key === 'TELEMETRY_GAP' ? number('seconds') : null);
  if (seconds !== null) values.duration = durationText(i18n, seconds);
  const type = number('type');
  if (type !== null) {
    values.announcement = i18n.t(`flightCurrent:announcementTypes.${type}`, { defaultValue: i18n.t('eventValues:announcement', { type }) });
    values.food = i18n.t(`flightCurrent:foodTypes.${type}`, { defaultValue: i18n.t('eventValues:food', { type }) });
  }

  let sentenceKey = `eventValues:sentences.${key}`;
  if (SWITCH_EVENTS.has(key)) {
    if (typeof raw.isOn !== 'boolean') return null;
    sentenceKey = `${sentenceKey}_${raw.isOn ? 'on' : 'off'}`;
  }
  const template: unknown = i18n.getResource(i18n.resolvedLanguage ?? i18n.language, 'eventValues', sentenceKey.slice('eventValues:'.length));
  const fallback: unknown = i18n.getResource('en', 'eventValues', sentenceKey.slice('eventValues:'.length));
  const text: unknown = typeof template === 'string' ? template : fallback;
  if (typeof text !== 'string') return null;
  // A sentence is only worth showing whole: a missing value would leave a gap in it.
  const needed = [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1] as string);
  if (needed.some((name) => values[name] === undefined)) return null;
  return i18n.t(sentenceKey, values);
};
