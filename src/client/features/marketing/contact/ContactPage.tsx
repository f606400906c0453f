import { Seo } from '../../../components/seo/Seo';

export default function ContactPage() {
  return (
    <div className="container">
      <Seo title="Contact" description="Tell us about your project and we will get back to you within one business day." />
      <h1>Contact us</h1>
    </div>
  );
}
