const short = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

/** Dates in the spec's short US style. */
export const formatDate = (iso: string | null) => (iso ? short.format(new Date(iso)) : 'Never');
