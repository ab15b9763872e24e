import { useEffect, useState, type SubmitEvent } from 'react';
import { api, errorText } from '../../../lib/api/client.ts';
import { fieldErrors } from '../../../lib/schemas/issues.ts';
import { parseFooter, type FooterContent } from '../../../lib/site-defaults.ts';
import { showToast } from '../../../stores/toasts.ts';
import { useConfirm } from '../../shared/ConfirmDialog.tsx';
import VersionsPanel from '../recipes/VersionsPanel.tsx';
import { issuesByPath } from '../shared/admin-api.ts';
import { FooterContentSchema, PageInputSchema, type Page } from '../../../lib/schemas/page.ts';
import {
  CheckboxField,
  EditDeleteButtons,
  LoadError,
  Panel,
  TextArea,
  TextField,
} from '../shared/fields.tsx';
import { publishRequested } from '../shared/publish-state.ts';
import { slugify as slugFromTitle } from '../../../lib/slug.ts';
import { deleteWithUndo } from '../shared/undo-delete.ts';
import { useResource } from '../shared/use-resource.ts';

// The Pages tab (SPEC §2, §3 "Static page", §4, §5, §8): static pages (a new page is published
// by default; its slug follows the title while creating and is frozen when editing), and the
// footer form (the page with slug footer holds its JSON).

/** A static page as the admin API returns it. */
export type StaticPage = Page;

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; page: StaticPage };

export default function PagesTab() {
  const [pages, reload] = useResource((signal) => api.get('/api/pages', { signal }), []);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [confirm, confirmDialog] = useConfirm();

  if (mode.kind !== 'list')
    return (
      <PageForm
        key={mode.kind === 'edit' ? `${mode.page.id}-${mode.page.updatedAt}` : 'new'}
        page={mode.kind === 'edit' ? mode.page : undefined}
        onDone={(saved) => {
          reload();
          setMode(saved ? { kind: 'edit', page: saved } : { kind: 'list' });
        }}
      />
    );

  const remove = async (page: StaticPage) => {
    const ok = await confirm({
      title: 'Delete page',
      message: 'Are you sure you want to delete this page?',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await deleteWithUndo(
        () => api.delete('/api/pages/:id', { params: { id: page.id } }),
        { title: 'Success', description: 'Page deleted.' },
        reload,
      );
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Failed to delete page'),
        variant: 'destructive',
      });
    }
  };

  const list = (pages.data ?? []).filter((p) => p.slug !== 'footer');
  return (
    <div className="grid gap-6">
      <Panel
        title="Pages"
        actions={
          <button type="button" className="btn-primary" onClick={() => setMode({ kind: 'new' })}>
            New page
          </button>
        }
      >
        {pages.status === 'failed' ? (
          <LoadError title="Error loading pages" message={(pages.error as Error).message} onRetry={reload} />
        ) : !pages.data ? (
          <p className="muted">Loading…</p>
        ) : list.length === 0 ? (
          <p className="muted">No pages yet.</p>
        ) : (
          <ul className="divide-y divide-stone-200 dark:divide-night-line">
            {list.map((page) => (
              <li key={page.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold">
                    {page.title}{' '}
                    <span
                      className={`ml-1 rounded-full px-2 py-0.5 text-xs ${page.isPublished ? 'bg-herb-100 text-herb-700' : 'bg-stone-200 text-stone-700'}`}
                    >
                      {page.isPublished ? 'Published' : 'Draft'}
                    </span>
                  </p>
                  <p className="muted text-sm">/{page.slug}</p>
                </div>
                <EditDeleteButtons
                  name={page.title}
                  onEdit={() => setMode({ kind: 'edit', page })}
                  onDelete={() => void remove(page)}
                />
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <FooterForm footerPage={pages.data?.find((p) => p.slug === 'footer')} onSaved={reload} />
      {confirmDialog}
    </div>
  );
}

function PageForm({ page, onDone }: { page?: StaticPage | undefined; onDone: (saved?: StaticPage) => void }) {
  const editing = page !== undefined;
  const [form, setForm] = useState({
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    content: page?.content ?? '',
    description: page?.description ?? '',
    isPublished: page?.isPublished ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const setTitle = (title: string) =>
    // SPEC §4: the slug follows the title while creating, and is frozen when editing.
    setForm((f) => ({ ...f, title, slug: editing ? f.slug : slugFromTitle(title) }));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = fieldErrors(PageInputSchema, form);
    setErrors(found ?? {});
    if (found) return;
    setSaving(true);
    try {
      const saved = editing
        ? await api.put('/api/pages/:id', { params: { id: page.id }, body: form })
        : await api.post('/api/pages', { body: form });
      showToast({ title: 'Success', description: editing ? 'Page updated.' : 'Page created.' });
      publishRequested();
      onDone(saved);
    } catch (err) {
      setErrors(issuesByPath(err));
      showToast({
        title: 'Error',
        description: errorText(err, editing ? 'Failed to update page' : 'Failed to create page'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-6">
      <Panel
        title={editing ? `Edit page: ${page.title}` : 'New page'}
        actions={
          <button type="button" className="btn-ghost" onClick={() => onDone()}>
            Back to pages
          </button>
        }
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <TextField
            label="Title"
            name="title"
            required
            value={form.title}
            onChange={setTitle}
            error={errors.title}
          />
          <TextField
            label="Slug"
            name="slug"
            required
            value={form.slug}
            readOnly={editing}
            onChange={(slug) => setForm((f) => ({ ...f, slug }))}
            error={errors.slug}
            hint={
              editing
                ? 'The address stays the same once the page exists.'
                : `The page will live at /${form.slug || '…'}`
            }
          />
          <TextField
            label="Description (for search results)"
            name="description"
            value={form.description}
            onChange={(description) => setForm((f) => ({ ...f, description }))}
            error={errors.description}
          />
          <TextArea
            label="Content (Markdown)"
            name="content"
            required
            rows={14}
            value={form.content}
            onChange={(content) => setForm((f) => ({ ...f, content }))}
            error={errors.content}
          />
          <CheckboxField
            label="Published"
            name="isPublished"
            checked={form.isPublished}
            onChange={(isPublished) => setForm((f) => ({ ...f, isPublished }))}
            hint="Unchecked: a draft only you can see here."
          />
          <div className="flex gap-3">
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save page'}
            </button>
          </div>
        </form>
      </Panel>
      {editing && (
        <VersionsPanel collection="pages" item={page} onRestored={(restored) => onDone(restored)} />
      )}
    </div>
  );
}

function FooterForm({ footerPage, onSaved }: { footerPage?: StaticPage | undefined; onSaved: () => void }) {
  const [footer] = useResource((signal) => api.get('/api/pages/footer', { signal }), []);
  const [form, setForm] = useState<FooterContent | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (form) return;
    if (footer.status === 'loaded') setForm(parseFooter(footer.data?.content));
    else if (footer.status === 'failed') setForm(parseFooter(footerPage?.content));
  }, [footer, footerPage, form]);

  if (!form) return null;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = fieldErrors(FooterContentSchema, form);
    setErrors(found ?? {});
    if (found) return;
    setSaving(true);
    try {
      // PUT /api/pages/footer takes the footer object and keeps it as the footer page's JSON.
      await api.put('/api/pages/footer', { body: form });
      showToast({ title: 'Success', description: 'Footer saved.' });
      publishRequested();
      onSaved();
    } catch (err) {
      setErrors(issuesByPath(err));
      showToast({
        title: 'Error',
        description: errorText(err, 'Failed to update page'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  const social = ['facebook', 'twitter', 'instagram', 'youtube'] as const;
  return (
    <Panel title="Footer">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Company name"
          name="companyName"
          required
          value={form.companyName}
          onChange={(companyName) => setForm({ ...form, companyName })}
          error={errors.companyName}
        />
        <TextField
          label="Copyright"
          name="copyright"
          required
          value={form.copyright}
          onChange={(copyright) => setForm({ ...form, copyright })}
          error={errors.copyright}
        />
        <TextField
          className="sm:col-span-2"
          label="Tagline"
          name="tagline"
          required
          value={form.tagline}
          onChange={(tagline) => setForm({ ...form, tagline })}
          error={errors.tagline}
        />
        <TextField
          label="Privacy link"
          name="links.privacy"
          value={form.links.privacy}
          onChange={(privacy) => setForm({ ...form, links: { ...form.links, privacy } })}
          error={errors['links.privacy']}
        />
        <TextField
          label="Terms link"
          name="links.terms"
          value={form.links.terms}
          onChange={(terms) => setForm({ ...form, links: { ...form.links, terms } })}
          error={errors['links.terms']}
        />
        {social.map((key) => (
          <TextField
            key={key}
            label={key[0]!.toUpperCase() + key.slice(1)}
            name={`social.${key}`}
            type="url"
            value={form.social[key]}
            onChange={(value) => setForm({ ...form, social: { ...form.social, [key]: value } })}
            error={errors[`social.${key}`]}
          />
        ))}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save footer'}
          </button>
        </div>
      </form>
    </Panel>
  );
}
