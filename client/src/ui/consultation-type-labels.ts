import type { ConsultationType } from '@common/constants/consultation-types';
import type { ClientMessageKey } from '@common/i18n/keys';

/*
 * The kinds of consultation in the reader's language (the English texts are
 * common/constants/consultation-types.ts's labels). Modules that show them name 'ui' in textsFor.
 */
export const TYPE_LABEL = {
  video: 'ui.type.video',
  voice: 'ui.type.voice',
  'in-person': 'ui.type.inPerson',
} as const satisfies Record<ConsultationType, ClientMessageKey>;

export const TYPE_DESCRIPTION = {
  video: 'ui.type.videoDescription',
  voice: 'ui.type.voiceDescription',
  'in-person': 'ui.type.inPersonDescription',
} as const satisfies Record<ConsultationType, ClientMessageKey>;
