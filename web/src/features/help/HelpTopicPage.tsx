import { H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { NotFoundState } from '../../shared/states/NotFoundState';
import { topicBySlug } from './helpTopics';
import { helpVideos } from './helpVideos';
import { TopicContent } from './TopicContent';
import './help.css';

function BackToHelp() {
  const { t } = useTranslation();
  return (
    <RouterAnchorButton to="/admin/help" icon="arrow-left" variant="outlined">
      {t('help.backToHelp')}
    </RouterAnchorButton>
  );
}

/** /admin/help/{topic}: one topic's video (when configured) and its written guide, in the staff member's language. */
export function HelpTopicPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const topic = topicBySlug(useParams().topic);
  if (!topic) return <NotFoundState title={t('help.notFound')} action={<BackToHelp />} />;
  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t(`help.topics.${topic.key}.title`)}</H1>
        <BackToHelp />
      </div>
      <TopicContent topic={topic} video={helpVideos[topic.key]} language={language} />
    </>
  );
}
