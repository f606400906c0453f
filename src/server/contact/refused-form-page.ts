import type { FastifyInstance } from 'fastify';
import { REFUSED_FORM_PARAM, type ContactFormInfo } from '../../shared/contact';
import { paths } from '../../shared/paths';
import { injectFetch } from '../render/inject-fetch';
import type { PageRenderer } from '../render/page-renderer';

const FORM_INFO_PATH = '/api/contact/form';

/** The line's key of these renders; never shared, since each holds one visitor's words. */
const RENDER_KEY = 'contact form refused';

/**
 * The contact page for a form posted without JavaScript and refused for its fields: the form
 * again, with what was typed and each error next to its field. The page learns them through its
 * form's own query, answered here instead of by the API, so nothing of the visitor's text is
 * kept on the server or put into an address. Rendered in the pages' one bounded line: a flood
 * of refused posts waits there, or is turned away with 503, like any other render.
 */
export function refusedFormPage(app: FastifyInstance, renderer: PageRenderer) {
  const apiFetch = injectFetch(app);
  return (info: ContactFormInfo): Promise<string> => {
    const fetchFn: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.pathname === FORM_INFO_PATH) return new Response(JSON.stringify(info), { status: 200, headers: { 'content-type': 'application/json' } });
      return apiFetch(input, init);
    };
    return app.contentCache.renders.run(
      RENDER_KEY,
      async () => {
        const result = await renderer.render(`${paths.contact}?${REFUSED_FORM_PARAM}=1`, fetchFn);
        if (result.kind !== 'page') throw new Error('the contact page answered a redirect');
        return renderer.document(result);
      },
      { share: false },
    );
  };
}
