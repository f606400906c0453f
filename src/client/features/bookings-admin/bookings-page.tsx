import { Seo } from '../../components/seo/seo';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { BookingsList } from './bookings-list';
import { SettingsForm } from './settings-form';
import styles from './bookings-admin.module.css';

/** `/admin/bookings`: the booking settings and busy calendars, then the calls booked. */
export default function BookingsPage() {
  const heading = usePageHeading();
  return (
    <div className={`container ${styles.page}`}>
      <Seo title="Bookings" description="Calls visitors booked, and when they may book." noindex />
      <h1 ref={heading} tabIndex={-1}>
        Bookings
      </h1>
      <BookingsList when="upcoming" title="Upcoming calls" empty="No upcoming calls." />
      <SettingsForm />
      <BookingsList when="past" title="Past calls" empty="No past calls yet." />
    </div>
  );
}
