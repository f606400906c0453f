import type { ReactNode } from 'react';
import { Seo } from '../../../components/seo/seo';
import { usePageHeading } from '../../../components/page-frame/use-page-heading';
import frame from '../../../components/page-frame/page-frame.module.css';

/** The frame of the create and edit pages: noindex, a focused heading, a way back. */
export function EditorPage({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const heading = usePageHeading();
  return (
    <div className={`container ${frame.page}`}>
      <Seo title={title} description={description} noindex />
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}
