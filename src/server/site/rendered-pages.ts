import type { PublishedPrivacyPage, PublishedServicePage, PublishedServicesOverview } from '../../shared/contract/site/api';
import type { SiteContent } from '../../shared/contract/site/parts';
import type { ServiceSlug } from '../../shared/service-slugs';
import type { SiteContentSource } from '../../shared/site-content/content-source';
import { privacySections } from '../../shared/site-content/privacy-sections';
import { servicesOverview } from '../../shared/site-content/services-overview';
import type { Published } from './published-content';
import { MarkdownMemo } from './markdown-memo';

/** The pages whose words are markdown, as visitors' pages read them: the text rendered and sanitised. */
export class RenderedPages {
  private readonly markdown: MarkdownMemo;

  constructor(private readonly siteUrl: string) {
    this.markdown = new MarkdownMemo(siteUrl);
  }

  servicePage(content: SiteContent, slug: ServiceSlug): PublishedServicePage {
    const page = content.services.pages[slug];
    return { ...page, html: this.markdown.html(page.text) };
  }

  privacyPage({ privacy }: SiteContent): PublishedPrivacyPage {
    return {
      title: privacy.title,
      lead: privacy.lead,
      updated: privacy.updated,
      sections: privacySections(privacy, this.siteUrl, (text) => this.markdown.html(text)),
    };
  }
}

/**
 * The live content as pages and the public calls read it, made once per publication read (each
 * page and the overview built on first use and kept with it), so that a render reads it from
 * memory.
 */
export class LiveSources {
  private last: { published: Published; source: SiteContentSource } | undefined;

  constructor(private readonly rendered: RenderedPages) {}

  of(published: Published): SiteContentSource {
    if (this.last?.published !== published) this.last = { published, source: this.make(published.content) };
    return this.last.source;
  }

  private make(content: SiteContent): SiteContentSource {
    const pages = new Map<ServiceSlug, PublishedServicePage>();
    let overview: PublishedServicesOverview | undefined;
    let privacy: PublishedPrivacyPage | undefined;
    return {
      preview: false,
      part: (part) => content[part],
      servicesOverview: () => (overview ??= servicesOverview(content.services)),
      servicePage: (slug) => {
        let page = pages.get(slug);
        if (!page) pages.set(slug, (page = this.rendered.servicePage(content, slug)));
        return page;
      },
      privacyPage: () => (privacy ??= this.rendered.privacyPage(content)),
    };
  }
}
