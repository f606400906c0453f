import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnerCaseStudies, Portfolio } from '../../../shared/contract/case-studies';
import { renderAdmin } from '../../app/testing/admin-harness';
import { pngFile } from '../posts-admin/testing/images';
import { storeOwnerToken, withRealApi } from '../../../../test/support/real-api';

const api = withRealApi({ withOwner: true });

async function ownerList(token: string): Promise<OwnerCaseStudies> {
  return (await api.app.inject({ method: 'GET', url: '/api/owner/case-studies', headers: { authorization: `Bearer ${token}` } })).json<OwnerCaseStudies>();
}

jest.setTimeout(30_000);

describe('the case studies admin', () => {
  it('lists the case studies with their status and the four featured tiles in order', async () => {
    await storeOwnerToken(api);
    renderAdmin('/admin/case-studies', api.fetch);
    expect(await screen.findByRole('heading', { level: 1, name: 'Case studies' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Harbourline Bakery' })).toHaveAttribute('href', expect.stringMatching(/^\/admin\/case-studies\/edit\//));
    expect(within(table).getAllByText('Published')).toHaveLength(2);
    const tiles = [1, 2, 3, 4].map((n) => screen.getByLabelText<HTMLSelectElement>(`Tile ${n}`));
    expect(tiles.map((tile) => tile.selectedOptions[0]!.textContent)).toEqual([
      'Harbourline Bakery',
      'Northfield Physiotherapy',
      'Empty: “Case study coming soon”',
      'Empty: “Case study coming soon”',
    ]);
  });

  it('writes a case study with every field labelled, the toolbar, a cover upload and results, and asks before leaving it unsaved', async () => {
    const token = await storeOwnerToken(api);
    const { location } = renderAdmin('/admin/case-studies/new', api.fetch);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'New case study' });
    await user.type(screen.getByLabelText('Title'), 'Corner Florist');
    await user.type(screen.getByLabelText('Client'), 'Family-run flower shop');
    await user.type(screen.getByLabelText('Sector'), 'Retail');
    await user.type(screen.getByLabelText('Summary'), 'Same-day delivery ordered online.');
    const text = screen.getByLabelText('Text');
    await user.type(text, 'Orders');
    await user.keyboard('{Control>}a{/Control}');
    expect(screen.getByRole('toolbar')).toBeInTheDocument();
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: /^Bold/ }));
    expect(text).toHaveValue('**Orders**');

    // Leaving with unsaved changes asks first.
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Posts' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/unsaved changes/));
    expect(location()).toBe('/admin/case-studies/new');

    await user.upload(screen.getByLabelText('Cover image'), await pngFile('cover.png', 800, 600));
    expect(await screen.findByRole('img', { name: /^The cover chosen|^Cover:/ })).toHaveAttribute('src', expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/));
    await user.type(screen.getByLabelText('Cover image alt text'), 'A bouquet on the shop counter');
    await user.type(screen.getByLabelText('Live site address'), 'https://corner-florist.example');
    await user.click(screen.getByRole('button', { name: 'Add a result' }));
    const result = screen.getByRole('group', { name: 'Result 1' });
    await user.type(within(result).getByLabelText('Label'), 'Online orders');
    await user.type(within(result).getByLabelText('Value'), 'Doubled');
    await user.click(screen.getByLabelText(/^Published/));
    await user.click(screen.getByRole('button', { name: 'Save case study' }));

    await waitFor(() => expect(location()).toMatch(/^\/admin\/case-studies\/edit\//));
    expect(await screen.findByText('Saved and published.')).toBeInTheDocument();
    const saved = (await ownerList(token)).caseStudies.find((study) => study.slug === 'corner-florist')!;
    expect(saved).toMatchObject({
      title: 'Corner Florist',
      client: 'Family-run flower shop',
      sector: 'Retail',
      status: 'published',
      liveUrl: 'https://corner-florist.example',
      results: [{ label: 'Online orders', value: 'Doubled' }],
      cover: { alt: 'A bouquet on the shop counter' },
    });
    expect((await api.app.inject({ method: 'GET', url: '/api/case-studies/corner-florist' })).json<{ text: string }>().text).toBe('**Orders**');
  });

  it('shows the server refusing a field, and keeps what was typed', async () => {
    await storeOwnerToken(api);
    renderAdmin('/admin/case-studies/new', api.fetch);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'New case study' });
    await user.type(screen.getByLabelText('Title'), 'Harbourline Bakery');
    for (const label of ['Client', 'Sector', 'Summary']) await user.type(screen.getByLabelText(label), 'x');
    await user.upload(screen.getByLabelText('Cover image'), await pngFile());
    await screen.findByRole('img', { name: 'The cover chosen' });
    await user.type(screen.getByLabelText('Cover image alt text'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save case study' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Another case study has this address/);
    expect(screen.getByLabelText('Title')).toHaveValue('Harbourline Bakery');
  });

  it('features and orders the tiles, and deletes a case study after confirming', async () => {
    const token = await storeOwnerToken(api);
    renderAdmin('/admin/case-studies', api.fetch);
    const user = userEvent.setup();
    const tile1 = await screen.findByLabelText<HTMLSelectElement>('Tile 1');
    const florist = (await ownerList(token)).caseStudies.find((study) => study.slug === 'corner-florist')!;
    await user.selectOptions(screen.getByLabelText('Tile 3'), florist.id);
    await user.click(screen.getByRole('button', { name: /^Down\W+tile 1 to tile 2$/ }));
    await user.click(screen.getByRole('button', { name: 'Save featured' }));
    expect(await screen.findByText(/Featured case studies saved/)).toBeInTheDocument();
    const portfolio = (await api.app.inject({ method: 'GET', url: '/api/case-studies' })).json<Portfolio>();
    expect(portfolio.featured.map((study) => study?.slug ?? null)).toEqual(['northfield-physiotherapy', 'harbourline-bakery', 'corner-florist', null]);
    expect(tile1).toBeInTheDocument();

    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const remove = screen.getByRole('button', { name: /^Delete\W+Corner Florist/ });
    await user.click(remove);
    expect(confirm).toHaveBeenLastCalledWith(expect.stringMatching(/^Delete the case study “Corner Florist”\?/));
    expect((await ownerList(token)).caseStudies.some((study) => study.id === florist.id)).toBe(true);
    await user.click(remove);
    expect(await screen.findByText('“Corner Florist” was deleted.')).toBeInTheDocument();
    expect((await ownerList(token)).featured).toEqual([expect.any(String), expect.any(String), null, null]);
  });
});
