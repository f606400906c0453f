import { Seo } from '../../../components/seo/Seo';

export default function HomePage() {
  return (
    <div className="container">
      <Seo title="Web development for small businesses" description="Larkspur Web Studio builds fast, accessible websites, online shops and web applications for small businesses." />
      <h1>Websites that work as hard as you do</h1>
    </div>
  );
}
