import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { Seo } from '../../components/seo/seo';
import { apiErrorMessage } from '../../lib/api/api-error';
import buttons from '../../components/ui/buttons.module.css';
import { useDeleteCaseStudyMutation, useGetOwnerCaseStudiesQuery } from './admin-case-studies-api';
import { FeaturedSlots } from './featured-slots';
import styles from './case-studies-admin.module.css';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** The owner's case studies: every one with its status, a new one, deleting, and the four featured. */
export default function CaseStudiesPage() {
  const heading = usePageHeading();
  const { data, error, isLoading } = useGetOwnerCaseStudiesQuery();
  const [remove, removing] = useDeleteCaseStudyMutation();
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [featuredSaved, setFeaturedSaved] = useState<string | null>(null);

  const deleteStudy = async (id: string, title: string) => {
    if (!window.confirm(`Delete the case study “${title}”? Its page and its tile go at once.`)) return;
    setFailure(null);
    try {
      await remove(id).unwrap();
      setStatus(`“${title}” was deleted.`);
    } catch (problem) {
      setFailure(apiErrorMessage(problem, 'The case study could not be deleted.'));
    }
  };

  return (
    <div className={`container ${styles.page}`}>
      <Seo title="Case studies" description="The agency's case studies and the four featured on the home page." noindex />
      <h1 ref={heading} tabIndex={-1}>
        Case studies
      </h1>
      <p>
        <Link to={paths.adminCaseStudyNew} className={buttons.primary}>
          New case study
        </Link>
      </p>
      <ErrorMessage>{failure ?? (error ? apiErrorMessage(error, 'The case studies could not be loaded.') : null)}</ErrorMessage>
      <StatusMessage>{status}</StatusMessage>
      {isLoading ? <p role="status">Loading case studies...</p> : null}
      {data ? (
        <>
          {data.caseStudies.length === 0 ? (
            <p>No case studies yet.</p>
          ) : (
            <table className={styles.table}>
              <caption className="visually-hidden">Every case study, the latest change first</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Status</th>
                  <th scope="col">Updated</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.caseStudies.map((study) => (
                  <tr key={study.id}>
                    <th scope="row">
                      <Link to={paths.adminCaseStudyEdit(study.id)}>{study.title}</Link>
                      <span className={styles.client}>{study.client}</span>
                    </th>
                    <td>{study.status === 'published' ? 'Published' : 'Draft'}</td>
                    <td>{dateOf(study.updatedAt)}</td>
                    <td className={styles.rowActions}>
                      {study.status === 'published' ? (
                        <a href={paths.caseStudy(study.slug)} target="_blank" rel="noopener noreferrer">
                          View<span className="visually-hidden"> “{study.title}” (opens in a new tab)</span>
                        </a>
                      ) : null}
                      <button type="button" className={buttons.danger} disabled={removing.isLoading} onClick={() => void deleteStudy(study.id, study.title)}>
                        Delete<span className="visually-hidden"> “{study.title}”</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {/* Made afresh whenever the slots change (a delete empties one). */}
          <FeaturedSlots key={data.featured.join()} caseStudies={data.caseStudies} featured={data.featured} onSaved={setFeaturedSaved} />
          <StatusMessage>{featuredSaved}</StatusMessage>
        </>
      ) : null}
    </div>
  );
}
