import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ActionIcon, Modal } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { searchApi } from '@referwell/contracts';
import { SearchBox } from './SearchBox';

// A result's dialog (and the phone and practice code it shows) loads when a first result is chosen.
const ResultDialog = lazy(() => import('./ResultDialogs').then((m) => ({ default: m.ResultDialog })));

/** Mantine's `xs` breakpoint (36em, 576 px): below it the box becomes a button. */
const PHONE = '(max-width: 35.99em)';

function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function SearchIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/** The header's search: "/" or Ctrl/Cmd+K reaches it from anywhere. */
export function GlobalSearch() {
  const isPhone = useMediaQuery(PHONE);
  const [dialogOpened, dialog] = useDisclosure(false);
  const [chosen, setChosen] = useState<searchApi.SearchResult | null>(null);
  // Stays mounted once loaded, so a closing dialog plays its transition and hands the focus back.
  const [resultsUsed, setResultsUsed] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // On phones the box is gone once its dialog closes, so the focus goes back to the button. A
  // result's dialog opens as it loads, after the box let go of the focus: it goes back there.
  const focusTrigger = () => (isPhone ? triggerRef : inputRef).current?.focus();

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const command = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingIn(event.target);
      if (!command && !slash) return;
      // An open dialog keeps the keyboard; the header behind it is out of reach.
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      if (isPhone) dialog.open();
      else {
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isPhone, dialog]);

  function select(result: searchApi.SearchResult) {
    dialog.close();
    setResultsUsed(true);
    setChosen(result);
  }

  return (
    <>
      {isPhone ? (
        <>
          <ActionIcon ref={triggerRef} variant="subtle" size="lg" aria-label="Search" onClick={dialog.open}>
            <SearchIcon />
          </ActionIcon>
          <Modal
            opened={dialogOpened}
            onClose={dialog.close}
            title="Search"
            fullScreen
            returnFocus={false}
            onExitTransitionEnd={() => {
              if (!chosen) focusTrigger();
            }}
          >
            <SearchBox inDialog onSelect={select} />
          </Modal>
        </>
      ) : (
        <SearchBox inputRef={inputRef} onSelect={select} />
      )}
      {resultsUsed && (
        <Suspense fallback={null}>
          <ResultDialog result={chosen} onClose={() => setChosen(null)} onClosed={focusTrigger} />
        </Suspense>
      )}
    </>
  );
}
