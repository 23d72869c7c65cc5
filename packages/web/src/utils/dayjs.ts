import dayjs, { type Dayjs } from 'dayjs';
export type { Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { installPickerTab } from './pickerTab';
import { fromWallMs, toWallMs } from './zone';

// Chinese month and week names for antd's date pickers; imported by the widgets that show dates, so the login
// page does not carry dayjs.
dayjs.locale('zh-cn');
// every range picker, the list filters' too, lets Tab move on
installPickerTab();

/**
 * The pickers work on the platform's wall clock: a dayjs whose fields (year … second) are the time in the
 * platform's zone, whatever the browser's zone. `toWall` makes one from an instant (an ISO time, ms, a Date),
 * `fromWall` turns a picked one back into the instant it means; a bare day ('2024-05-01') needs neither.
 */
export function toWall(time: string | number | Date | null | undefined): Dayjs | null {
  if (time === null || time === undefined || time === '') return null;
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  if (!Number.isFinite(ms)) return null;
  const wall = new Date(toWallMs(ms));
  return dayjs(new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds()));
}

/** The instant a picked wall time means in the platform's zone, as ISO (UTC). */
export const fromWall = (picked: Dayjs): string =>
  new Date(fromWallMs(Date.UTC(picked.year(), picked.month(), picked.date(), picked.hour(), picked.minute(), picked.second()))).toISOString();

/** Now on the platform's wall clock: today's date and time there, for pickers and day comparisons. */
export const wallNow = (): Dayjs => toWall(Date.now()) as Dayjs;

export default dayjs;
