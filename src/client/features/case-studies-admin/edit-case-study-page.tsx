import { Link, useLocation, useParams } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { ErrorMessage } from '../../components/forms/form-messages';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { Seo } from '../../components/seo/seo';
import { apiErrorMessage } from '../../lib/api/api-error';
import { useGetOwnerCaseStudyQuery, useUpdateCaseStudyMutation } from './admin-case-studies-api';
import { CaseStudyEditor } from './case-study-editor';
import { fieldsOf } from './case-study-form';
import styles from './case-studies-admin.module.css';

/** One case study's edit page, its fields as last saved. */
export default function EditCaseStudyPage() {
  const { id = '' } = useParams();
  const heading = usePageHeading();
  // The new page's save, said again here where the owner lands.
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  // Fresh on every visit; the form takes it once, so a refetch after its own save resets nothing typed.
  const { currentData: study, error } = useGetOwnerCaseStudyQuery(id, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateCaseStudyMutation();
  return (
    <div className={`container ${styles.page}`}>
      <Seo title="Edit case study" description="Change a case study." noindex />
      <p>
        <Link to={paths.adminCaseStudies}>All case studies</Link>
      </p>
      {study ? (
        <CaseStudyEditor
          key={study.id}
          initial={fieldsOf(study)}
          notice={notice}
          save={(input) => update({ id: study.id, ...input }).unwrap()}
          heading={
            <h1 ref={heading} tabIndex={-1}>
              Edit “{study.title}”
            </h1>
          }
        />
      ) : error ? (
        <>
          <h1 ref={heading} tabIndex={-1}>
            Edit case study
          </h1>
          <ErrorMessage>{apiErrorMessage(error, 'The case study could not be loaded.')}</ErrorMessage>
        </>
      ) : (
        <p role="status">Loading the case study...</p>
      )}
    </div>
  );
}
