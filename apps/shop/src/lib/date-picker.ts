// The shop's date pickers come from here: dayjs's Chinese locale (week from Monday, month names)
// is registered with them, in their pages' chunks rather than in the first load.
import 'dayjs/locale/zh-cn';

export { DatePicker } from 'antd';
