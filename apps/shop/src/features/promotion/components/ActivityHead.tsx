import { Countdown } from '../../../components/Countdown';

interface Props {
  title: string;
  subtitle?: string;
  /** 10-digit seconds the countdown runs to. */
  endTime: number;
  label: string;
}

/** The banner of an activity page: its name, its rule, the countdown on the server clock. */
export function ActivityHead({ title, subtitle, endTime, label }: Props) {
  return (
    <div className="sh-activity-head">
      <h1>{title}</h1>
      {subtitle && <p>{subtitle}</p>}
      <Countdown to={endTime} label={label} className="sh-activity-countdown" />
    </div>
  );
}
