import { siteDefaults } from './defaults';
import { publishProblems } from './publish-checks';

describe('the site content defaults', () => {
  it('are the words and numbers the site shipped with', () => {
    const { settings, packages, testimonials } = siteDefaults;
    expect(settings).toMatchObject({ name: 'Larkspur Web Studio', shortName: 'Larkspur', email: 'hello@larkspur.example', phone: '(202) 555-0147', phoneInternational: '+12025550147', whatsapp: '12025550147' });
    expect(packages.packages.map((entry) => [entry.title, entry.pricePerMonth, entry.mostPopular])).toEqual([
      ['Social Starter', 250, false],
      ['Brand Builder', 500, true],
      ['Business Pro', 750, false],
    ]);
    expect(testimonials.items.map((item) => item.name)).toEqual(['Maria Okafor', 'Dr. James Whitfield', 'Priya Raman', 'Tom Reyes', 'Hannah Lindqvist', 'Samuel Adeyemi']);
    expect(testimonials.illustrative).toBe(true);
  });

  it('pass the publish checks', () => {
    expect(publishProblems(siteDefaults)).toEqual([]);
  });
});

describe('the publish checks', () => {
  const withSettings = (changes: Partial<typeof siteDefaults.settings>) => publishProblems({ ...siteDefaults, settings: { ...siteDefaults.settings, ...changes } });

  it.each([
    [{ email: 'hello@studio' }, 'settings.email'],
    [{ phone: '555' }, 'settings.phone'],
    [{ phoneInternational: '12025550147' }, 'settings.phoneInternational'],
    [{ whatsapp: '+1 202 555 0147' }, 'settings.whatsapp'],
    [{ xAccount: 'studio' }, 'settings.xAccount'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'settings.timeZone'],
    [{ name: ' ' }, 'settings.name'],
  ])('refuse %j at %s', (changes, path) => {
    expect(withSettings(changes).map((problem) => problem.path)).toEqual([path]);
  });

  it('take the fields that may be empty, and well-formed values', () => {
    expect(withSettings({ areaServed: '', xAccount: '' })).toEqual([]);
    expect(withSettings({ timeZone: 'Europe/Berlin', xAccount: '@studio', phone: '+44 20 7946 0958', phoneInternational: '+442079460958' })).toEqual([]);
  });

  it('want an https link, a positive price and alt text wherever they are', () => {
    const packages = structuredClone(siteDefaults.packages);
    packages.packages[0]!.checkoutUrl = 'javascript:alert(1)';
    packages.packages[1]!.pricePerMonth = 19.999;
    const services = structuredClone(siteDefaults.services);
    services.pages.seo.image = { src: '/images/x.svg', alt: '', width: 10, height: 10 };
    const home = structuredClone(siteDefaults.home);
    home.expertise.slides[0]!.link = '//elsewhere.example/';
    expect(publishProblems({ ...siteDefaults, packages, services, home }).map((problem) => problem.path)).toEqual([
      'home.expertise.slides.0.link',
      'services.pages.seo.image.alt',
      'packages.packages.0.checkoutUrl',
      'packages.packages.1.pricePerMonth',
    ]);
  });
});
