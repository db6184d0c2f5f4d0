import { Suspense, useId, useState, type ReactNode } from 'react';
import type { ContextMenuSection } from '../../ui/ContextMenu';
import type { MenuAnchor } from '../../ui/ContextMenuTrigger';
import { ActionsIcon } from './chatIcons';
import { LazyContextMenu, preloadContextMenu, roomOf } from './lazyContextMenu';

/** An action offered in the room's footer menu (spec 3 §2), e.g. sending a form or content. */
export interface ChatAction {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** A promise keeps the action showing that it is working, and the menu open, until it settles. */
  onSelect: () => unknown;
  /** Actions naming the same section are shown together under that title, in the order given. */
  section?: string;
}

/** The actions in sections, each section where its first action is. */
function actionSections(actions: ChatAction[]): ContextMenuSection[] {
  const sections = new Map<string | undefined, ContextMenuSection>();
  for (const action of actions) {
    const section = sections.get(action.section) ?? { key: action.section ?? '', title: action.section, items: [] };
    section.items.push({
      key: `${action.section ?? ''}/${action.title}`,
      label: action.title,
      description: action.description,
      icon: action.icon,
      onSelect: action.onSelect,
    });
    sections.set(action.section, section);
  }
  return [...sections.values()];
}

/** The footer's actions button and its menu, above the button; Escape closes it and gives the focus back. */
export function ActionsMenu({ actions }: { actions: ChatAction[] }) {
  const [anchor, setAnchor] = useState<MenuAnchor | null>(null);
  const menuId = useId();
  return (
    <>
      <button
        type="button"
        className="rw-chat__icon-button"
        aria-label="Actions"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onPointerEnter={() => void preloadContextMenu()}
        onFocus={() => void preloadContextMenu()}
        onClick={(event) => {
          const button = event.currentTarget;
          setAnchor((open) => (open ? null : { target: button }));
        }}
      >
        <ActionsIcon />
      </button>
      {anchor && (
        <Suspense fallback={null}>
          <LazyContextMenu
            id={menuId}
            anchor={anchor}
            label="Actions"
            placement="top-start"
            sections={actionSections(actions)}
            container={roomOf(anchor.target)}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
