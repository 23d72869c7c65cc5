import dayjs from 'dayjs';
export type { Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';

// Chinese month and week names for antd's date pickers; imported by the widgets that show dates, so the login
// page does not carry dayjs.
dayjs.locale('zh-cn');

export default dayjs;
