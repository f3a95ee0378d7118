/**
 * The source of every event the app puts on its bus (a run's end, an import to apply): CDK's rule
 * patterns read it too, so this module imports nothing.
 */
export const APP_EVENTS_SOURCE = 'Check My Price';
