import { render, screen } from '@testing-library/react';
import { PostImage, postImageSrcSet } from './post-image';

describe('postImageSrcSet', () => {
  it('lists the 400 and 800 px versions beside the largest', () => {
    expect(postImageSrcSet('/uploads/abc.webp')).toBe('/uploads/abc-400.webp 400w, /uploads/abc-800.webp 800w, /uploads/abc.webp 1600w');
  });

  it('gives none for addresses outside the naming rule', () => {
    expect(postImageSrcSet('https://cdn.example/photo.jpg')).toBeUndefined();
    expect(postImageSrcSet('/uploads/abc-400.webp')).toBeUndefined();
  });
});

it('draws the image with its versions, size and a box reserved before it loads', () => {
  render(<PostImage imageUrl="/uploads/abc.webp" sizes="100vw" />);
  const image = screen.getByRole('presentation');
  expect(image).toHaveAttribute('srcset', expect.stringContaining('abc-800.webp 800w'));
  expect(image).toHaveAttribute('sizes', '100vw');
  expect(image).toHaveAttribute('width', '1600');
  expect(image).toHaveAttribute('height', '900');
  expect(image).toHaveAttribute('loading', 'lazy');
});
