import { paths } from '../../../shared/paths';
import { Link } from 'react-router-dom';
import { Seo } from '../../components/seo/seo';
import styles from './not-found-page.module.css';

export default function NotFoundPage() {
  return (
    <section className={`container ${styles.page}`} aria-labelledby="not-found-title">
      <Seo title="Page not found" description="The page you were looking for does not exist or has moved." />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you were looking for does not exist or has moved. These will get you back on track:</p>
      <ul className={styles.links}>
        <li>
          <Link to={paths.home}>Go to the home page</Link>
        </li>
        <li>
          <Link to={paths.blog}>Read the blog</Link>
        </li>
      </ul>
    </section>
  );
}
