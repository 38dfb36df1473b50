import { Colors } from '@blueprintjs/core';
import type { CSSProperties } from 'react';

/** The charts' size (they follow their card's width) and colours (Blueprint's palette, one per measure). */
export const chartStyle: CSSProperties = { width: '100%', height: 260 };
export const chartMargin = { top: 8, right: 16, bottom: 8, left: 8 };

export const colours = {
  bookings: Colors.BLUE3,
  moves: Colors.ORANGE3,
  cancellations: Colors.RED3,
  utilisation: Colors.GREEN3,
  leadTime: Colors.VIOLET3,
  fill: Colors.TURQUOISE3,
} as const;
