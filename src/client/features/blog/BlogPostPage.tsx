import { useParams } from 'react-router';
import { Seo } from '../../components/seo/Seo';

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  return (
    <div className="container">
      <Seo title={`${slug} | Blog`} description="A post from the Larkspur Web Studio blog." />
      <h1>{slug}</h1>
    </div>
  );
}
