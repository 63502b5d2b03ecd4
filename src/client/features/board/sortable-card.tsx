import type { CSSProperties } from 'react'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { CardContent, type CardProps } from './title-card'

/**
 * One liked title on the board, sortable: the drag handle carries dnd-kit's listeners and
 * attributes, so the rest of the card (status, note, "Move to…") works as usual. The wrapper
 * re-renders while a drag moves; the card's content is memoised and does not.
 */
export function SortableCard({
  hidden,
  ...props
}: CardProps & { folderKey: string; hidden: boolean }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: props.like.anime.id,
    data: { type: 'like', folder: props.folderKey },
    // Only dragging is switched off and on: a droppable's switch costs dnd-kit a copy of every
    // droppable, which a thousand cards would pay a thousand times. Hidden cards are never
    // dragged over: they hide only while a filter is on, and dragging is off then.
    disabled: { draggable: !props.draggable || hidden, droppable: false },
  })
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition }
  return (
    <li
      ref={setNodeRef}
      style={style}
      hidden={hidden}
      data-dragging={isDragging || undefined}
      className="relative rounded-2xl data-dragging:z-30 data-dragging:opacity-80 data-dragging:shadow-xl"
    >
      <CardContent
        {...props}
        handleRef={setActivatorNodeRef}
        handleAttributes={attributes}
        handleListeners={listeners}
      />
    </li>
  )
}
