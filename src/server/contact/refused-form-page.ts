import type { FastifyInstance } from 'fastify';
import { renderPage } from '../../client/app/render-page';
import { REFUSED_FORM_PARAM, type ContactFormInfo } from '../../shared/contact';
import type { Config } from '../config';
import { pageAssets, readAssetManifest } from '../render/asset-manifest';
import { renderDocument } from '../render/document';
import { INJECT_BASE_URL, injectFetch } from '../render/inject-fetch';

export const FORM_INFO_PATH = '/api/contact/form';

/**
 * The contact page for a form posted without JavaScript and refused for its fields: the form
 * again, with what was typed and each error next to its field. The page learns them through its
 * form's own query, answered here instead of by the API, so nothing of the visitor's text is
 * kept on the server or put into an address.
 */
export function refusedFormPage(app: FastifyInstance, config: Config) {
  const apiFetch = injectFetch(app);
  const runtimeConfig = { siteUrl: config.siteUrl, apiBaseUrl: config.apiBaseUrl, contactDelivery: config.contactDelivery };
  return async (info: ContactFormInfo): Promise<string> => {
    const fetchFn: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.pathname === FORM_INFO_PATH) return new Response(JSON.stringify(info), { status: 200, headers: { 'content-type': 'application/json' } });
      return apiFetch(input, init);
    };
    const result = await renderPage({ url: `/contact?${REFUSED_FORM_PARAM}=1`, config: runtimeConfig, apiBaseUrl: INJECT_BASE_URL, fetchFn });
    if (result.kind !== 'page') throw new Error('the contact page answered a redirect');
    // Read per answer: refusals are rare, and a rebuilt client must not be answered with old files.
    return renderDocument({ ...result, assets: pageAssets(readAssetManifest(config.clientDir), result.chunk) });
  };
}
