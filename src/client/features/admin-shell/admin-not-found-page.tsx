import { Link } from 'react-router-dom';
import { Seo } from '../../components/seo/seo';
import frame from '../../components/page-frame/page-frame.module.css';
import { paths } from '../../../shared/paths';

/** An admin address that leads nowhere: the not-found message, with the admin navigation to go on from. */
export default function AdminNotFoundPage() {
  return (
    <section className={`container ${frame.page}`} aria-labelledby="admin-not-found-title">
      <Seo title="Page not found" description="This page of the admin area does not exist." noindex />
      <h1 id="admin-not-found-title">Page not found</h1>
      <p>
        This page of the admin area does not exist. <Link to={paths.adminDashboard}>Go to your posts</Link>.
      </p>
    </section>
  );
}
