import { Seo } from '../../../components/seo/Seo';

export default function CreatePostPage() {
  return (
    <div className="container">
      <Seo title="Create post" description="Write a new blog post." noindex />
      <h1>Create post</h1>
    </div>
  );
}
