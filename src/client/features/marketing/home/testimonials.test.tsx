import { render, screen, within } from '@testing-library/react';
import { siteDefaults } from '../../../../shared/site-content/defaults';
import { Testimonials } from './testimonials';

it('shows a testimonial’s photo where the owner gave one, initials otherwise, both hidden beside the name they repeat', () => {
  const [first, second] = siteDefaults.testimonials.items;
  const photo = { src: '/uploads/2026/11/maria.webp', srcSet: '/uploads/2026/11/maria-96.webp 96w, /uploads/2026/11/maria.webp 400w', alt: 'Maria at her counter', width: 400, height: 400 };
  const { container } = render(<Testimonials items={[{ ...first!, photo }, { ...second!, photo: null }]} />);
  const [withPhoto, without] = screen.getAllByRole('figure');

  const img = container.querySelector('img')!;
  expect(within(withPhoto!).queryByRole('img')).not.toBeInTheDocument();
  expect(withPhoto).toContainElement(img);
  expect(img).toHaveAttribute('src', photo.src);
  expect(img).toHaveAttribute('srcset', photo.srcSet);
  expect(img).toHaveAttribute('sizes', '2.75rem');
  expect(img).toHaveAttribute('alt', '');
  expect(img).toHaveAttribute('loading', 'lazy');
  expect(within(withPhoto!).getByText(first!.name)).toBeInTheDocument();

  expect(without!.querySelector('img')).toBeNull();
  expect(without!.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^[A-Z]{1,2}$/);
});
