import { Card, Classes, H1, H2, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../shared/routing/RouterLinks';
import { helpTopics } from './helpTopics';
import { helpVideos } from './helpVideos';
import './help.css';

/** /admin/help: the six help topics, each opening its guide (and its video when one is configured). */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <>
      <H1 className="page-title">{t('help.title')}</H1>
      <p>{t('help.intro')}</p>
      <ol className="help-topics" aria-label={t('help.topicsLabel')}>
        {helpTopics.map((topic) => (
          <li key={topic.key}>
            <Card className="help-topic-card">
              <Icon
                icon={helpVideos[topic.key] ? 'video' : 'list'}
                size={20}
                className="help-topic-icon"
                intent="primary"
              />
              <div>
                <H2 className="help-topic-title">
                  <RouterLink to={`/admin/help/${topic.slug}`}>{t(`help.topics.${topic.key}.title`)}</RouterLink>
                </H2>
                <p className="help-topic-summary">{t(`help.topics.${topic.key}.summary`)}</p>
                <span className={Classes.TEXT_MUTED}>{t('help.stepsCount', { count: topic.steps })}</span>
              </div>
            </Card>
          </li>
        ))}
      </ol>
    </>
  );
}
