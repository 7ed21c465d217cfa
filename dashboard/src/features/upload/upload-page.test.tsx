import { ApiError } from '@chapterwise/shared';
import { screen, waitFor, within } from '@testing-library/react';
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
    expect(await findToast('Book uploaded and processed successfully!')).toBeInTheDocument();
    await app.expectPath('/books/b9');
    expect(sent[0]?.get('file')).toBeInstanceOf(File);
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
