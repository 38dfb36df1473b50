import type { IconPaths } from '@blueprintjs/icons';
import { byIconName } from './iconPathFiles';

/** 16px paths of the icons the app names (see icons.ts); the list is the same in iconPaths20.ts. */
export const iconPaths = byIconName(
  import.meta.glob<IconPaths>(
    '../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{add,align-left,applications,arrow-left,arrow-right,build,calendar,caret-down,caret-up,chart,chevron-down,chevron-left,chevron-right,chevron-up,circle,clipboard,confirm,cross,delete,disable,double-caret-vertical,download,duplicate,edit,envelope,error,export,eye-open,filter,filter-remove,floppy-disk,form,full-circle,hand-up,help,history,home,info-sign,insert,key,list,locate,lock,log-in,log-out,map-marker,menu,move,people,person,phone,plus,print,refresh,remove,search,search-template,select,tag,target,tick,tick-circle,time,timeline-bar-chart,timeline-events,translate,trash,unlock,video,warning-sign}.js',
    { eager: true, import: 'default' },
  ),
);
