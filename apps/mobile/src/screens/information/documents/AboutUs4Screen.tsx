import { DocumentScreen } from './DocumentScreen';

export default function AboutUs4Screen() {
  return <DocumentScreen document="risks" />;
}
