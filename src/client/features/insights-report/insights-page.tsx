import { Link, useSearchParams } from 'react-router-dom';
import { INSIGHT_RANGES, type InsightRange } from '../../../shared/insights';
import { Seo } from '../../components/seo/seo';
import { apiErrorMessage } from '../../lib/api/api-error';
import { ErrorMessage } from '../../components/forms/form-messages';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { DailyChart } from './daily-chart';
import { RankedTable, VitalsTable } from './figure-tables';
import { formatCount, formatDay } from './format';
import { isReport, useGetInsightsQuery } from './insights-api';
import { LeadsSection } from './leads-section';
import styles from './insights.module.css';

export default function InsightsPage() {
  return <Insights />;
}

const rangeOf = (value: string | null): InsightRange => INSIGHT_RANGES.find((days) => String(days) === value) ?? 7;
const DEVICE_WORDS = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' } as const;

/** What visitors read, where they came from and how fast the site is for them (docs/product.md#insights). */
function Insights() {
  const heading = usePageHeading();
  const [searchParams] = useSearchParams();
  const days = rangeOf(searchParams.get('days'));
  const { data: answer, error, isFetching } = useGetInsightsQuery(days, { refetchOnMountOrArgChange: true });
  const data = isReport(answer) ? answer : undefined;

  return (
    <div className={`container ${styles.insights}`}>
      <Seo title="Insights" description="Visitors, pages and real visitors' Core Web Vitals." noindex />
      <h1 ref={heading} tabIndex={-1}>
        Insights
      </h1>
      <nav aria-label="Period" className={styles.ranges}>
        {INSIGHT_RANGES.map((range) => (
          <Link key={range} to={{ search: `?days=${range}` }} className={styles.range} aria-current={range === days ? 'page' : undefined}>
            Last {range} days
          </Link>
        ))}
      </nav>
      {error ? <ErrorMessage>{apiErrorMessage(error, 'The insights could not be loaded.')}</ErrorMessage> : null}
      {!data ? (
        <p role="status">{isFetching ? 'Loading insights…' : error ? null : answer ? 'The insights could not be read.' : null}</p>
      ) : (
        <>
          <p className={styles.totals}>
            <strong>{formatCount(data.visitors)}</strong> {data.visitors === 1 ? 'visitor' : 'visitors'} and <strong>{formatCount(data.views)}</strong>{' '}
            {data.views === 1 ? 'page view' : 'page views'} from {formatDay(data.from)} to {formatDay(data.to)}.
          </p>
          <DailyChart daily={data.daily} />
          <div className={styles.panels}>
            <RankedTable title="Top pages" id="pages-heading" label="Page" rows={data.topPages} empty="No page views yet." name={(row) => row.path} views={(row) => row.views} />
            <RankedTable title="Top posts" id="posts-heading" label="Post" rows={data.topPosts} empty="No post has been read yet." name={(row) => <a href={row.path}>{row.title}</a>} views={(row) => row.views} />
            <RankedTable title="Referrers" id="referrers-heading" label="Site" rows={data.referrers} empty="No visitor came from another site yet." name={(row) => row.host} views={(row) => row.views} />
            <RankedTable title="Devices" id="devices-heading" label="Device" rows={data.devices} empty="No page views yet." name={(row) => DEVICE_WORDS[row.device]} views={(row) => row.views} />
            <VitalsTable vitals={data.vitals} />
          </div>
          <p className={styles.note}>
            Counted without cookies or stored addresses; visitors who ask not to be tracked, and robots, are not counted. A visitor counts once a day.
          </p>
          <LeadsSection days={days} />
        </>
      )}
    </div>
  );
}
