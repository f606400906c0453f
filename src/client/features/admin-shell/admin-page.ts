/** What a page behind the session guard tells the admin shell about itself, in the route table. */
export interface AdminPageHandle {
  /** The admin navigation's label for the page: a page joins the navigation by declaring one. */
  navLabel?: string;
  /** Shown without the admin navigation (the preview draws the post as its visitors will see it). */
  withoutNav?: boolean;
}

export interface AdminPage {
  path: string;
  handle?: AdminPageHandle;
}

/** A page of the admin navigation. */
export interface AdminLink {
  path: string;
  label: string;
}

/** The navigation's links: the pages that declare a label, in the order of the route table. */
export function adminLinksOf(pages: readonly AdminPage[]): AdminLink[] {
  return pages.flatMap((page) => (page.handle?.navLabel ? [{ path: page.path, label: page.handle.navLabel }] : []));
}
