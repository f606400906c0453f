import { useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { Seo } from '../../components/seo/seo';
import { useCreateCaseStudyMutation } from './admin-case-studies-api';
import { CaseStudyEditor, savedNotice } from './case-study-editor';
import { NEW_CASE_STUDY } from './case-study-form';
import styles from './case-studies-admin.module.css';

/** A new case study; once saved, the page becomes its edit page. */
export default function NewCaseStudyPage() {
  const heading = usePageHeading();
  const navigate = useNavigate();
  const [create] = useCreateCaseStudyMutation();
  return (
    <div className={`container ${styles.page}`}>
      <Seo title="New case study" description="Write a case study." noindex />
      <CaseStudyEditor
        initial={NEW_CASE_STUDY}
        save={(input) => create(input).unwrap()}
        onSaved={(study) => void navigate(paths.adminCaseStudyEdit(study.id), { replace: true, state: { notice: savedNotice(study) } })}
        heading={
          <h1 ref={heading} tabIndex={-1}>
            New case study
          </h1>
        }
      />
    </div>
  );
}
