import { Link } from 'react-router-dom';
import { formatCount } from './format';
import { isReport, useGetInsightsQuery } from './insights-api';
import styles from './insights.module.css';
import { paths } from '../../../shared/paths';

/** The dashboard's line on the last seven days: visitors and the most read post. */
export function WeekSummary() {
  const { data, isLoading } = useGetInsightsQuery(7);
  // Its line is kept while it loads, so the dashboard below it does not jump when it arrives.
  if (isLoading) return <p className={styles.week} aria-hidden="true">{'\u00a0'}</p>;
  if (!isReport(data)) return null;
  const top = data.topPosts[0];
  return (
    <p className={styles.week}>
      This week: <Link to={paths.adminInsights}>{data.visitors === 1 ? '1 visitor' : `${formatCount(data.visitors)} visitors`}</Link>
      {top ? (
        <>
          {' '}
          · top post: <a href={top.path}>{top.title}</a>
        </>
      ) : null}
    </p>
  );
}
