import { useParams } from 'react-router';
import { Seo } from '../../../components/seo/Seo';

export default function ServicePage() {
  const { service = '' } = useParams();
  return (
    <div className="container">
      <Seo title={service} description={`The ${service} service of Larkspur Web Studio.`} />
      <h1>{service}</h1>
    </div>
  );
}
