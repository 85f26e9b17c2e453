import { useParams } from 'react-router';
import { HelpIndex } from '../../features/help/components/help-index';
import { HelpTopicPage } from '../../features/help/components/help-topic-page';
import { findHelpTopic } from '../../features/help/lib/help-topics';

/** /help and /help/:topic: the help centre, readable without an account. An unknown topic shows the index with a message. */
export const Component = () => {
  const { topic: slug } = useParams();
  if (slug === undefined) return <HelpIndex />;
  const topic = findHelpTopic(slug);
  return topic ? <HelpTopicPage key={topic.slug} topic={topic} /> : <HelpIndex unknownTopic={slug} />;
};
