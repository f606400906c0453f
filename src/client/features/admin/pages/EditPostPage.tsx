import { Seo } from '../../../components/seo/Seo';

export default function EditPostPage() {
  return (
    <div className="container">
      <Seo title="Edit post" description="Edit a blog post." noindex />
      <h1>Edit post</h1>
    </div>
  );
}
