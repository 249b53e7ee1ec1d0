import { redirect } from 'react-router'

/** /home, /index.html, /main/ and the other aliases are the home page under another name. */
export function loader() {
  return redirect('/', 301)
}
