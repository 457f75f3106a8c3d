import { describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING_MESSAGE, applyUpdate, watchForWaitingWorker } from './service-worker.ts';

/** Just enough of the Service Worker API for the update flow, on plain EventTargets. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: object | null) {
    super();
  }
}

const asRegistration = (fake: FakeRegistration) => fake as unknown as ServiceWorkerRegistration;
const asContainer = (fake: FakeContainer) => fake as unknown as ServiceWorkerContainer;
const asWorker = (fake: FakeWorker) => fake as unknown as ServiceWorker;

/** Watches `registration` for a new version, in a page that `controller` controls (null: none yet). */
function watch(registration = new FakeRegistration(), controller: object | null = {}) {
  const onWaiting = vi.fn();
  watchForWaitingWorker(asRegistration(registration), asContainer(new FakeContainer(controller)), onWaiting);
  return { registration, onWaiting };
}

describe('watchForWaitingWorker', () => {
  it('reports a new version once it has installed, while an older one controls the page', () => {
    const { registration, onWaiting } = watch();

    const next = new FakeWorker();
    registration.find(next);
    expect(onWaiting).not.toHaveBeenCalled();
    next.moveTo('installed');
    expect(onWaiting).toHaveBeenCalledWith(next);
  });

  it('reports a worker already waiting when the page opens', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    registration.waiting.state = 'installed';
    const { onWaiting } = watch(registration);
    expect(onWaiting).toHaveBeenCalledWith(registration.waiting);
  });

  it('does not call the first install an update', () => {
    const { registration, onWaiting } = watch(new FakeRegistration(), null);
    const first = new FakeWorker();
    registration.find(first);
    first.moveTo('installed');
    expect(onWaiting).not.toHaveBeenCalled();
  });

  it('withdraws the offer once the worker took over elsewhere or was replaced', () => {
    const { registration, onWaiting } = watch();
    const next = new FakeWorker();
    registration.find(next);
    next.moveTo('installed');
    next.moveTo('activating');
    expect(onWaiting).toHaveBeenLastCalledWith(null);
  });
});

describe('applyUpdate', () => {
  it('asks the waiting worker to take over, and reloads only once it controls the page', () => {
    const worker = new FakeWorker();
    const container = new FakeContainer({});
    const reload = vi.fn();
    applyUpdate(asWorker(worker), asContainer(container), reload);

    expect(worker.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a waiting worker', () => {
    const container = new FakeContainer({});
    const reload = vi.fn();
    applyUpdate(null, asContainer(container), reload);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });
});
