import { paths } from '../../../../shared/paths';
import { Link } from 'react-router-dom';
import { Seo } from '../../../components/seo/seo';
import { buttonClass, ButtonRow } from '../../../components/ui/button-link';
import { Hero } from '../../../components/ui/hero';
import heroStyles from '../../../components/ui/hero.module.css';
import prose from '../../../components/ui/prose.module.css';
import { typographyHero as hero, typographySamples as t } from '../content/typography';
import styles from './typography-page.module.css';
import { useSiteSettings } from '../../../lib/site-content/site-content-api';

/** Every text style of the site on one page, with the classes the site really uses. */
export default function TypographyPage() {
  const site = useSiteSettings();
  return (
    <>
      <Seo title="Typography" description={`The typography of the ${site.name} website: headings, paragraphs, lists, quotations, code and tables, shown in one place.`} />
      <Hero eyebrow={hero.eyebrow} title={hero.title} lead={<p>{hero.lead}</p>}>
        {/* In-page links, which also show the two button styles. */}
        <ButtonRow>
          <a className={buttonClass('primary')} href="#headings">
            {t.headingsTitle}
          </a>
          <a className={buttonClass('secondary')} href="#tables">
            {t.tableTitle}
          </a>
        </ButtonRow>
      </Hero>
      <article className={`container ${styles.page}`}>
        <div className={prose.prose}>
          <section aria-labelledby="headings">
            <h2 id="headings">{t.headingsTitle}</h2>
            <p className={styles.specimenLabel}>{t.h1Note}</p>
            <div className={styles.specimen}>
              <p className={styles.h2}>
                {t.headings.h2}
              </p>
              <p className={styles.h3}>
                {t.headings.h3}
              </p>
              <p className={styles.h4}>
                {t.headings.h4}
              </p>
            </div>
          </section>

          <section aria-labelledby="paragraphs">
            <h2 id="paragraphs">{t.paragraphsTitle}</h2>
            <div className={heroStyles.lead}>
              <p>{t.lead}</p>
            </div>
            <p>{t.body}</p>
            <p>
              {t.inline.before}
              <strong>{t.inline.strong}</strong>, <em>{t.inline.em}</em>, <Link to={paths.services}>{t.inline.link}</Link>, <code>{t.inline.code}</code>,{' '}
              <kbd>{t.inline.kbd}</kbd>, <mark>{t.inline.mark}</mark> and <abbr title={t.inline.abbr.long}>{t.inline.abbr.short}</abbr>.
            </p>
            <p>
              <small className={styles.small}>{t.small}</small>
            </p>
          </section>

          <section aria-labelledby="lists">
            <h2 id="lists">{t.listsTitle}</h2>
            <h3>{t.listNames.unordered}</h3>
            <ul>
              {t.unordered.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <h3>{t.listNames.ordered}</h3>
            <ol>
              {t.ordered.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
            <h3>{t.listNames.nested}</h3>
            <ul>
              <li>
                {t.nested.item}
                <ul>
                  {t.nested.children.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </li>
            </ul>
          </section>

          <section aria-labelledby="quotes">
            <h2 id="quotes">{t.quoteTitle}</h2>
            <figure className={styles.figure}>
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <figcaption className={styles.caption}>— {t.quoteSource}</figcaption>
            </figure>
          </section>

          <section aria-labelledby="code">
            <h2 id="code">{t.codeTitle}</h2>
            <p>{t.codeIntro}</p>
            {/* Focusable so that keyboard users can scroll a long line into view. */}
            <pre role="region" aria-label={t.codeLabel} tabIndex={0}>
              <code>{t.codeSample}</code>
            </pre>
          </section>

          <section aria-labelledby="tables">
            <h2 id="tables">{t.tableTitle}</h2>
            <div className={prose.tableScroll} tabIndex={0} role="region" aria-labelledby="tables-caption">
              <table>
                <caption id="tables-caption">{t.tableCaption}</caption>
                <thead>
                  <tr>
                    {t.table.head.map((cell) => (
                      <th key={cell} scope="col">
                        {cell}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {t.table.rows.map(([style, ...cells]) => (
                    <tr key={style}>
                      <th scope="row">{style}</th>
                      {cells.map((cell) => (
                        <td key={cell}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <hr />
          </section>
        </div>
      </article>
    </>
  );
}
