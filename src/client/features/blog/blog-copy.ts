/** The blog's fixed wording, word for word: visitors and the browser tests read exactly these texts. */
export const blogCopy = {
  heading: 'From the Blog',
  subtitle: 'Insights, updates, and web wisdom.',
  empty: 'No blog posts yet — check back soon.',
  listFailed: 'Failed to load blog posts.',
  readMore: 'Read More',
  previous: 'Previous',
  next: 'Next',
  loading: 'Loading...',
  backToBlog: '← Back to Blog',
  postFailed: 'Failed to load the post.',
} as const;
