/**
 * The `Retry-After` header in both of its forms (RFC 9110, section 10.2.3): a number of seconds,
 * or an HTTP-date. A date is read only in the three forms an HTTP-date takes (the IMF-fixdate
 * senders must write, and the obsolete RFC 850 and asctime forms recipients should accept), all
 * in GMT, then by `Date.parse`: read alone, `Date.parse` takes text like `5.5` for a date.
 */
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
const IMF_FIXDATE = new RegExp(`^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`);
const RFC_850 = new RegExp(`^${LONG_DAY}, \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4}$`);

/**
 * The seconds to wait that `value` asks for, at `now` (ms since the epoch) for a date: a date
 * already past asks for none. Undefined when there is no value or it is in neither form.
 */
export function retryAfterSeconds(value: string | undefined, now: number): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text);
  const date = IMF_FIXDATE.test(text) || RFC_850.test(text) ? text : ASCTIME.test(text) ? `${text} GMT` : undefined;
  const at = date === undefined ? Number.NaN : Date.parse(date);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : undefined;
}
