// Self-contained (no relative imports): the benchmark runs it directly with Node's type stripping.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXTENSION_ROOT = join(REPO_ROOT, 'extension');

export interface RunningBackend {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  /** Stops the server; its DATA_DIR goes too unless it is kept for a restart. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output}`)),
    );
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function ensureBackendBuilt(): Promise<void> {
  if (existsSync(join(REPO_ROOT, 'backend/dist/main.js'))) return;
  await run('npm', ['run', 'build', '-w', 'shared'], { cwd: REPO_ROOT });
  await run('npm', ['run', 'build', '-w', 'backend'], { cwd: REPO_ROOT });
}

// Again on the port and DATA_DIR of one stopped with `keepData`.
export async function startBackend(
  env: Record<string, string> = {},
  again?: Pick<RunningBackend, 'port' | 'dataDir'>,
): Promise<RunningBackend> {
  await ensureBackendBuilt();
  const port = again?.port ?? (await freePort());
  const dataDir = again?.dataDir ?? mkdtempSync(join(tmpdir(), 'chapterwise-ext-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The extension has host access here, so the unpacked build's random id needs no CORS entry.
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      AUTH_THROTTLE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async ({ keepData = false } = {}) => {
    if (running()) child.kill('SIGTERM');
    await exited;
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running()) {
      throw new Error(`The backend exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, port, dataDir, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The backend did not answer /api/health within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function registerUser(
  serverUrl: string,
  user: { name: string; email: string; password: string },
): Promise<string> {
  const response = await fetch(`${serverUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`register ${user.email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export async function uploadThroughApi(serverUrl: string, token: string, pdf: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
  const response = await fetch(`${serverUrl}/api/books/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

// `grantedHosts` are granted at install: headless Chromium shows permission prompts nobody can answer.
export async function buildExtension(grantedHosts: string[]): Promise<{ dir: string; remove: () => void }> {
  const outDir = mkdtempSync(join(tmpdir(), 'chapterwise-ext-build-'));
  await run(process.execPath, [join(REPO_ROOT, 'node_modules/wxt/bin/wxt.mjs'), 'build'], {
    cwd: EXTENSION_ROOT,
    env: { CHAPTERWISE_GRANTED_HOSTS: grantedHosts.join(','), CHAPTERWISE_EXTENSION_OUT_DIR: outDir },
  });
  return { dir: join(outDir, 'chrome-mv3'), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

export interface LoadedExtension {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  page: (path: string) => string;
  /** Failed requests and the service worker's warnings, newest last: what a failure dump needs. */
  browserLog: () => string;
}

export async function launchWithExtension(extensionDir: string): Promise<LoadedExtension> {
  const context = await chromium.launchPersistentContext('', {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const log: string[] = [];
  const note = (line: string) => log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  context.on('requestfailed', (request) =>
    note(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`),
  );
  const listen = (worker: Worker) =>
    worker.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error')
        note(`service worker ${message.type()}: ${message.text()}`);
    });
  context.on('serviceworker', (worker) => {
    note(`service worker started: ${worker.url()}`);
    listen(worker);
  });
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  listen(serviceWorker);
  const extensionId = new URL(serviceWorker.url()).host;
  return {
    context,
    extensionId,
    serviceWorker,
    page: (path) => `chrome-extension://${extensionId}/${path}`,
    browserLog: () => log.slice(-40).join('\n'),
  };
}

/** The part of the extension API a failure report reads in the service worker. */
interface WorkerChrome {
  tabs: { query(filter: object): Promise<Array<{ id?: number; windowId?: number; active?: boolean; url?: string }>> };
  storage: { session: { get(keys: null): Promise<Record<string, unknown>> } };
}

/** What the side panel showed when a step failed, with the browser's and the backend's last words. */
export async function failureReport(
  panel: Page | undefined,
  extension: LoadedExtension,
  backend: RunningBackend,
): Promise<string> {
  const panelText = await panel
    ?.locator('body')
    .innerText()
    .catch(() => '(side panel closed)');
  // What the background knows: the tabs, which one is active, and what it told the panel to show.
  const backgroundState = await extension.serviceWorker
    .evaluate(async () => {
      const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
      const tabs = (await chrome.tabs.query({})).map(({ id, windowId, active, url }) => ({
        id,
        windowId,
        active,
        url,
      }));
      return JSON.stringify({ tabs, session: await chrome.storage.session.get(null) }, null, 1);
    })
    .catch((error: unknown) => `(service worker unavailable: ${String(error)})`);
  return (
    `[extension e2e] side panel:\n${panelText}\n[extension e2e] background state:\n${backgroundState}\n` +
    `[extension e2e] browser:\n${extension.browserLog()}\n` +
    `[extension e2e] backend:\n${backend.output().slice(-3000)}`
  );
}

export async function signInThroughOptions(
  extension: LoadedExtension,
  serverUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const options = await extension.context.newPage();
  await options.goto(extension.page('options.html'));
  await options.getByLabel('Server address').fill(serverUrl);
  await options.getByRole('button', { name: 'Save' }).click();
  await options.getByText('Saved. The server is reachable.').waitFor();
  const signOut = options.getByRole('button', { name: 'Sign out' });
  if (await signOut.count()) await signOut.click();
  await options.getByLabel('Email').fill(email);
  await options.getByLabel('Password').fill(password);
  await options.getByRole('button', { name: 'Sign In' }).click();
  await options.getByText('Signed in as').waitFor();
  await options.close();
}

// `tab` is brought to the front so the popup's "active tab of this window" is the PDF.
export async function popupFor(extension: LoadedExtension, tab: Page): Promise<Page> {
  const popup = await extension.context.newPage();
  await popup.goto(extension.page('popup.html'));
  await tab.bringToFront();
  await popup.reload();
  return popup;
}

export interface PdfSite {
  url: string;
  pdfRequests: { path: string; withCookie: boolean }[];
  stop: () => Promise<void>;
}

export async function startPdfSite(files: Record<string, Buffer>): Promise<PdfSite> {
  const pdfRequests: PdfSite['pdfRequests'] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    if (path === '/login') {
      response.writeHead(200, {
        'content-type': 'text/html',
        'set-cookie': 'reader=signed-in; Path=/; HttpOnly; SameSite=Lax',
      });
      return void response.end('<!doctype html><title>Library</title><p>Signed in.</p>');
    }
    // A library proxy's sign-in wall: a .pdf address that answers with a web page.
    if (path.startsWith('/walled/')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end('<!doctype html><title>Sign in</title><form><input name="user"></form>');
    }
    const file = files[path.replace(/^\//, '')];
    if (!file) return void response.writeHead(404).end();
    const withCookie = /(?:^|;\s*)reader=signed-in(?:;|$)/.test(request.headers.cookie ?? '');
    pdfRequests.push({ path, withCookie });
    if (!withCookie) return void response.writeHead(403, { 'content-type': 'text/plain' }).end('Sign in first');
    response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': file.length });
    response.end(request.method === 'HEAD' ? undefined : file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pdfRequests,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const STUDY_GUIDE_CHAPTERS = [
  {
    title: 'The Water Cycle',
    sentences: [
      'Water moves between the oceans, the air and the land in a cycle that never stops.',
      'The sun warms the surface of the sea and turns some of the water into vapour.',
      'Warm air carries the vapour upward, where it cools and condenses into tiny droplets.',
      'Clouds form when billions of these droplets gather around specks of dust and salt.',
      'When the droplets grow heavy enough, they fall back to the ground as rain or snow.',
      'Rivers collect the rain and carry it downhill until it reaches a lake or the sea.',
      'Some of the water soaks into the soil and fills the spaces between grains of rock.',
      'This groundwater can stay hidden for centuries before it returns to the surface in a spring.',
      'Plants pull water from the soil through their roots and release it from their leaves.',
      'Scientists call this release transpiration, and it adds a great deal of moisture to the air.',
      'Glaciers store water as ice for thousands of years and release it slowly as they melt.',
      'Understanding the water cycle helps farmers plan their harvests and cities plan their reservoirs.',
    ],
  },
  {
    title: 'How Plants Make Food',
    sentences: [
      'Green plants make their own food through a process called photosynthesis.',
      'Inside each leaf, small structures named chloroplasts capture the energy of sunlight.',
      'Chlorophyll is the pigment that gives leaves their colour and absorbs red and blue light.',
      'The plant takes carbon dioxide from the air through tiny pores on the underside of its leaves.',
      'Water travels up from the roots through narrow tubes inside the stem.',
      'Using the captured energy, the plant joins carbon dioxide and water into sugar.',
      'Oxygen is released as a by-product, and animals depend on it to breathe.',
      'The sugar feeds the growing plant and is stored as starch in roots, seeds and fruit.',
      'On cloudy days photosynthesis slows down because less light reaches the leaves.',
      'Farmers in greenhouses sometimes add extra carbon dioxide to help their crops grow faster.',
      'Almost every food chain on Earth begins with a plant turning light into chemical energy.',
      'Forests and ocean algae together produce most of the oxygen in the atmosphere.',
    ],
  },
  {
    title: 'Volcanoes and Earthquakes',
    sentences: [
      'The outer shell of the Earth is broken into giant plates that drift a few centimetres each year.',
      'Where two plates pull apart, hot rock rises from below and forms new crust.',
      'Where one plate slides beneath another, the sinking rock melts and feeds volcanoes.',
      'Molten rock underground is called magma, and once it erupts it is called lava.',
      'Some volcanoes erupt gently with rivers of lava, while others explode with ash and gas.',
      'Earthquakes happen when plates that are stuck together suddenly slip past each other.',
      'The energy released travels through the ground as waves that shake buildings and roads.',
      'Seismographs record these waves and help scientists find where an earthquake started.',
      'An earthquake under the sea can lift a huge volume of water and create a tsunami.',
      'Engineers design flexible buildings so that they sway instead of breaking during a quake.',
      'Volcanic soil is often very fertile, which is why many people farm near active volcanoes.',
      'Monitoring gas, ground swelling and small tremors can warn people before an eruption.',
    ],
  },
];

export function makeStudyGuidePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A5',
      margin: 48,
      info: { Title: 'A Short Guide to the Living Earth', Author: 'ChapterWise tests' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    STUDY_GUIDE_CHAPTERS.forEach((chapter, index) => {
      for (let page = 0; page < 2; page++) {
        if (index > 0 || page > 0) doc.addPage();
        if (page === 0) {
          doc
            .font('Helvetica-Bold')
            .fontSize(22)
            .text(`Chapter ${index + 1}`);
          doc.fontSize(16).text(chapter.title).moveDown();
        }
        const half = chapter.sentences.length / 2;
        const sentences = page === 0 ? chapter.sentences.slice(0, half) : chapter.sentences.slice(half);
        // Each page repeats its half with a connecting sentence, so pages carry several paragraphs.
        doc.font('Helvetica').fontSize(11);
        doc.text(sentences.join(' '), { align: 'justify' }).moveDown();
        doc.text(
          `In short, ${chapter.title.toLowerCase()} shapes the world around us every day. ${sentences.slice().reverse().join(' ')}`,
          {
            align: 'justify',
          },
        );
      }
    });
    doc.end();
  });
}
