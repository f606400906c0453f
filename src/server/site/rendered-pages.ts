import type { PublishedPrivacyPage, PublishedServicePage } from '../../shared/contract/site/api';
import type { SiteContent } from '../../shared/contract/site/parts';
import type { ServiceSlug } from '../../shared/service-slugs';
import { privacySections } from '../../shared/site-content/privacy-sections';
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
