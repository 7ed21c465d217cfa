import { ApiError } from '@chapterwise/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { book, bookListItem, chapter, testUser } from '../../test/fixtures.js';
import { apiError, deferred, mockApi, mockUpload, type UploadAnswer } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';
import { uploadErrorMessage } from './upload-error.js';

const pdf = () => new File(['%PDF-1.7 test'], 'notes.pdf', { type: 'application/pdf' });

function uploadApi() {
  return mockApi({
    'GET /api/auth/me': testUser,
    'GET /api/books': [],
    'GET /api/books/b9': book({ id: 'b9', title: 'Notes', status: 'queued', progress: 0 }),
    'GET /api/books/b9/chapters': [chapter({ book_id: 'b9' })].slice(0, 0),
    'GET /api/billing/usage': apiError(404),
  });
}

async function dropFile(file: File) {
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!found) throw new Error('no file input yet');
    return found;
  });
  // Bypass the input's accept filter: the page itself must reject what is not a PDF.
  await userEvent.setup({ applyAccept: false }).upload(input, file);
}

const limitBody = (plan: 'free' | 'pro', used: number, limit: number) => ({
  detail: 'Monthly upload limit reached',
  code: 'UPGRADE_REQUIRED',
  upgrade_required: true,
  current_plan: plan,
  limit,
  used,
  message: 'Monthly upload limit reached',
});

describe('UploadPage', () => {
  it('has a back button, the drop zone and the three next steps', async () => {
    uploadApi();
    renderApp('/upload', { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('heading', { name: 'What happens next?' })).toBeInTheDocument();
    const steps = screen.getByRole('heading', { name: 'What happens next?' }).parentElement?.querySelectorAll('li');
    expect(steps).toHaveLength(3);
    expect(screen.getByText(/OCR/)).toBeInTheDocument();
  });

  it('rejects a file that is not a PDF', async () => {
    uploadApi();
    renderApp('/upload', { signedIn: true });
    await dropFile(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await findToast('Please upload a PDF file')).toBeInTheDocument();
  });

  it('uploads with progress, then opens the book', async () => {
    uploadApi();
    const answer = deferred<UploadAnswer>();
    const { sent } = mockUpload(() => answer.promise);
    const app = renderApp('/upload', { signedIn: true });
    await dropFile(pdf());
    expect(await screen.findByText('Processing your book...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();
    answer.resolve({ status: 201, body: bookListItem({ id: 'b9', title: 'Notes', status: 'queued', progress: 0 }) });
    await app.expectPath('/books/b9');
    // Still being processed: the book page shows its progress, and "processed successfully" waits for the end.
    expect(await screen.findByRole('progressbar', { name: 'Processing progress' })).toBeInTheDocument();
    expect(screen.queryByText('Book uploaded and processed successfully!')).not.toBeInTheDocument();
    expect(screen.queryByText('0 pages • 0 chapters')).not.toBeInTheDocument();
    expect(sent[0]?.get('file')).toBeInstanceOf(File);
  });

  it('opens the book already in the library for the same file, and says so', async () => {
    uploadApi();
    mockUpload(() => ({
      status: 200,
      body: { ...bookListItem({ id: 'b9', title: 'Notes', status: 'queued', progress: 0 }), already_in_library: true },
    }));
    const app = renderApp('/upload', { signedIn: true });
    await dropFile(pdf());
    expect(await findToast('This book is already in your library')).toBeInTheDocument();
    await app.expectPath('/books/b9');
  });

  it('disables the drop zone while uploading', async () => {
    uploadApi();
    const { sent } = mockUpload(() => new Promise<never>(() => {}));
    renderApp('/upload', { signedIn: true });
    await dropFile(pdf());
    await screen.findByText('Processing your book...');
    expect(screen.getByRole('button', { name: /Processing your book/ })).toHaveAttribute('aria-disabled', 'true');
    await dropFile(pdf());
    expect(sent).toHaveLength(1);
  });

  it('opens the limit modal for a free plan over its limit, with both offers', async () => {
    uploadApi();
    mockUpload(() => ({ status: 403, body: limitBody('free', 3, 2) }));
    const app = renderApp('/upload', { signedIn: true });
    await dropFile(pdf());
    const dialog = await screen.findByRole('dialog', { name: 'Upload Limit Reached' });
    expect(within(dialog).getByText("You've used 3 of 2 uploads on the Free plan this month.")).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const pro = within(dialog).getByRole('button', { name: /^Pro/ });
    for (const text of ['$3.99/month', '20 uploads per month', 'Priority processing', 'Email support']) {
      expect(pro).toHaveTextContent(text);
    }
    const premium = within(dialog).getByRole('button', { name: /Premium/ });
    expect(premium).toHaveTextContent('Best Value');
    expect(premium).toHaveTextContent('$9.99/month');
    expect(premium).toHaveTextContent('Everything in Pro');

    await app.user.click(premium);
    await app.expectPath('/pricing');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers only Premium to a Pro plan, and Maybe later closes the modal', async () => {
    uploadApi();
    mockUpload(() => ({ status: 403, body: limitBody('pro', 20, 20) }));
    const app = renderApp('/upload', { signedIn: true });
    await dropFile(pdf());
    const dialog = await screen.findByRole('dialog', { name: 'Upload Limit Reached' });
    expect(within(dialog).queryByRole('button', { name: /^Pro/ })).not.toBeInTheDocument();
    const premium = within(dialog).getByRole('button', { name: /Premium/ });
    expect(premium).toHaveTextContent('Unlimited uploads');
    expect(premium).toHaveTextContent('API access');
    expect(premium).toHaveTextContent('Premium support');
    await app.user.click(within(dialog).getByRole('button', { name: 'Maybe later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.router.state.location.pathname).toBe('/upload');
  });

  it.each([
    [
      'the detail text',
      { status: 413, body: { detail: 'The file is larger than 200 MB', code: 'PAYLOAD_TOO_LARGE' } },
      'The file is larger than 200 MB',
    ],
    ['the fallback', { status: 502, body: {} }, 'Upload failed. Please try again.'],
  ])('reports other failures with %s and returns to idle', async (_case, answer, message) => {
    uploadApi();
    mockUpload(() => answer);
    renderApp('/upload', { signedIn: true });
    await dropFile(pdf());
    expect(await findToast(message)).toBeInTheDocument();
    expect(screen.queryByText('Processing your book...')).not.toBeInTheDocument();
    expect(screen.getByText('Drag & drop your PDF here')).toBeInTheDocument();
  });
});

describe(uploadErrorMessage.name, () => {
  it('prefers detail.message, then detail text, then the error message, then the fallback', () => {
    expect(uploadErrorMessage(new ApiError(400, undefined, { detail: { message: 'Nested' } }))).toBe('Nested');
    expect(uploadErrorMessage(new ApiError(400, 'Flat', { detail: 'Flat' }))).toBe('Flat');
    expect(uploadErrorMessage(new Error('Network down'))).toBe('Network down');
    expect(uploadErrorMessage(new ApiError(500, undefined, undefined))).toBe('Upload failed. Please try again.');
    expect(uploadErrorMessage('weird')).toBe('Upload failed. Please try again.');
  });
});

describe('UploadPage in batch mode (Premium)', () => {
  const premium = { ...testUser, plan: 'premium' as const };
  const file = (name: string, type = 'application/pdf') => new File(['%PDF-1.7 test'], name, { type });

  async function dropFiles(files: File[]) {
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type=file]');
      if (!found) throw new Error('no file input yet');
      return found;
    });
    await userEvent.setup({ applyAccept: false }).upload(input, files);
  }

  /** Answers each upload by its file name; the request for a name missing here fails with the given answer. */
  function uploadsByName(answers: Record<string, UploadAnswer | Promise<UploadAnswer>>) {
    const upload = mockUpload(() => {
      const sentFile = upload.sent.at(-1)?.get('file') as File;
      return answers[sentFile.name] ?? { status: 500, body: {} };
    });
    return upload;
  }

  it('says it takes several PDFs', async () => {
    mockApi({ 'GET /api/auth/me': premium, 'GET /api/books': [], 'GET /api/billing/usage': apiError(404) });
    renderApp('/upload', { signedIn: true, user: premium });
    expect(await screen.findByText('Drag & drop your PDFs here')).toBeInTheDocument();
    expect(screen.getByText('Up to 20 PDFs at a time')).toBeInTheDocument();
    expect(document.querySelector('input[type=file]')).toHaveAttribute('multiple');
  });

  it('uploads three files with one invalid: two books with links, one clear error, no navigation', async () => {
    mockApi({ 'GET /api/auth/me': premium, 'GET /api/books': [], 'GET /api/billing/usage': apiError(404) });
    const { sent } = uploadsByName({
      'biology.pdf': { status: 201, body: bookListItem({ id: 'b1', title: 'biology', status: 'queued' }) },
      'history.pdf': { status: 201, body: bookListItem({ id: 'b2', title: 'history', status: 'queued' }) },
    });
    const app = renderApp('/upload', { signedIn: true, user: premium });
    await dropFiles([file('biology.pdf'), file('notes.txt', 'text/plain'), file('history.pdf')]);

    const batch = await screen.findByRole('region', { name: 'This batch' });
    await waitFor(() => expect(within(batch).getByRole('status')).toHaveTextContent('2 of 3 books uploaded, 1 failed'));
    const rows = within(batch).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const row = (name: string) => rows.find((item) => item.textContent?.includes(name))!;
    expect(within(row('biology.pdf')).getByRole('link', { name: 'Open book: biology' })).toHaveAttribute(
      'href',
      '/books/b1',
    );
    expect(within(row('history.pdf')).getByRole('link', { name: 'Open book: history' })).toHaveAttribute(
      'href',
      '/books/b2',
    );
    expect(row('notes.txt')).toHaveTextContent('Please upload a PDF file');
    expect(within(row('notes.txt')).queryByRole('link')).not.toBeInTheDocument();
    // One request per PDF, with the ordinary field; the text file never left the browser.
    expect(sent.map((form) => (form.get('file') as File).name).sort()).toEqual(['biology.pdf', 'history.pdf']);
    expect(await findToast(/2 of 3 books uploaded/)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/upload');
    expect(within(batch).getByRole('link', { name: /Go to your library/ })).toHaveAttribute('href', '/dashboard');
  });

  it('shows progress per file and keeps the drop zone disabled until the batch is done', async () => {
    mockApi({ 'GET /api/auth/me': premium, 'GET /api/books': [], 'GET /api/billing/usage': apiError(404) });
    const first = deferred<UploadAnswer>();
    const { sent } = uploadsByName({
      'one.pdf': first.promise,
      'two.pdf': { status: 413, body: { detail: 'This PDF is larger than the 200 MB upload limit', code: 'X' } },
    });
    renderApp('/upload', { signedIn: true, user: premium });
    await dropFiles([file('one.pdf'), file('two.pdf')]);

    expect(await screen.findByRole('progressbar', { name: 'Uploading one.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(await screen.findByText('This PDF is larger than the 200 MB upload limit')).toBeInTheDocument();
    expect(screen.getByText('Processing your books...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Processing your books/ })).toHaveAttribute('aria-disabled', 'true');
    await dropFiles([file('three.pdf')]);
    expect(sent).toHaveLength(2);

    first.resolve({ status: 201, body: bookListItem({ id: 'b1', title: 'one' }) });
    expect(await screen.findByRole('link', { name: 'Open book: one' })).toHaveAttribute('href', '/books/b1');
    expect(screen.getByText('Drag & drop your PDFs here')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'This batch' })).toHaveTextContent('1 of 2 books uploaded, 1 failed');
  });

  it('opens the book straight away when the drop held one PDF', async () => {
    mockApi({
      'GET /api/auth/me': premium,
      'GET /api/books': [],
      'GET /api/billing/usage': apiError(404),
      'GET /api/books/b9': book({ id: 'b9', title: 'Notes', status: 'queued', progress: 0 }),
      'GET /api/books/b9/chapters': [],
    });
    const { sent } = uploadsByName({ 'notes.pdf': { status: 201, body: bookListItem({ id: 'b9', title: 'Notes' }) } });
    const app = renderApp('/upload', { signedIn: true, user: premium });
    await dropFiles([file('notes.pdf')]);
    await app.expectPath('/books/b9');
    expect(sent).toHaveLength(1);
  });

  it('keeps one PDF per drop on the free plan', async () => {
    uploadApi();
    const { sent } = mockUpload(() => ({ status: 201, body: bookListItem() }));
    renderApp('/upload', { signedIn: true });
    expect(await screen.findByText('One PDF file at a time')).toBeInTheDocument();
    expect(document.querySelector('input[type=file]')).not.toHaveAttribute('multiple');
    // Two PDFs dropped at once are refused as the spec says (one file per drop).
    const zone = screen.getByRole('button', { name: /Drag & drop your PDF here/ });
    const files = [file('a.pdf'), file('b.pdf')];
    const items = files.map((dropped) => ({ kind: 'file', type: dropped.type, getAsFile: () => dropped }));
    fireEvent.drop(zone, { dataTransfer: { files, items, types: ['Files'] } });
    expect(await findToast('Please upload a PDF file')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
