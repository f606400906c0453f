import { useId } from 'react';
import type { PackagesContent } from '../../../../shared/contract/site/packages';
import { buttonClass } from '../../../components/ui/button-link';
import { CheckList } from '../../../components/ui/check-list';
import { packagesCopy } from '../content/packages';
import styles from './package-card.module.css';

export function formatPrice(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}

/** One package: price, features, who it suits and the payment provider's checkout in a new tab. */
export function PackageCard({ pkg }: { pkg: PackagesContent['packages'][number] }) {
  const id = useId();
  return (
    <article className={pkg.mostPopular ? `${styles.card} ${styles.popular}` : styles.card} aria-labelledby={id}>
      {pkg.mostPopular ? <p className={styles.badge}>{packagesCopy.mostPopular}</p> : null}
      <h3 id={id} className={styles.title}>
        {pkg.title}
      </h3>
      <p className={styles.price}>
        <span className={styles.amount}>{formatPrice(pkg.pricePerMonth)}</span> <span className={styles.period}>{packagesCopy.perMonth}</span>
      </p>
      <CheckList items={pkg.features} label={packagesCopy.featuresLabel(pkg.title)} className={styles.features} />
      <p className={styles.ideal}>{pkg.idealFor}</p>
      <a className={`${buttonClass(pkg.mostPopular ? 'primary' : 'secondary')} ${styles.checkout}`} href={pkg.checkoutUrl} target="_blank" rel="noopener noreferrer">
        {packagesCopy.checkout}
        <span className="visually-hidden">
          {' '}
          with {pkg.title}
          {packagesCopy.newTab}
        </span>
      </a>
    </article>
  );
}
